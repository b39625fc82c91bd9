// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {EternoToken} from "../src/EternoToken.sol";
import {Test} from "./utils/Test.sol";

/// @notice Metadata, fixed supply, transfers and EIP-2612 permit of the ETERNO tokens.
contract EternoTokenTest is Test {
    bytes32 private constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    uint256 private constant SUPPLY = 100_000_000e18;

    uint256 private ownerKey = 0xA11CE;
    address private owner;
    address private spender = address(0xB0B);
    EternoToken private etro;

    function setUp() public {
        owner = vm.addr(ownerKey);
        etro = new EternoToken("ETERNO", "ETRO", SUPPLY, owner);
    }

    function test_MetadataOfEveryToken() public {
        string[5] memory names = ["UNITS", "Tether USD", "ETERNO", "EUSD", "PUSD"];
        string[5] memory symbols = ["UNITS", "USDT", "ETRO", "EUSD", "PUSD"];
        for (uint256 i = 0; i < names.length; i++) {
            EternoToken t = new EternoToken(names[i], symbols[i], 1e18 * (i + 1), owner);
            assertEq(t.name(), names[i], "name");
            assertEq(t.symbol(), symbols[i], "symbol");
            assertEq(uint256(t.decimals()), 18, "decimals");
            assertEq(t.totalSupply(), 1e18 * (i + 1), "supply");
        }
    }

    function test_WholeSupplyGoesToRecipient() public view {
        assertEq(etro.totalSupply(), SUPPLY, "total supply");
        assertEq(etro.balanceOf(owner), SUPPLY, "recipient balance");
        assertEq(etro.balanceOf(address(this)), 0, "deployer keeps nothing");
    }

    function test_RevertsWhenRecipientIsZero() public {
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InvalidReceiver.selector, address(0)));
        new EternoToken("ETERNO", "ETRO", SUPPLY, address(0));
    }

    function test_HasNoMint() public {
        (bool ok,) = address(etro).call(abi.encodeWithSignature("mint(address,uint256)", owner, 1));
        assertFalse(ok, "mint must not exist");
        assertEq(etro.totalSupply(), SUPPLY, "supply unchanged");
    }

    function testFuzz_Transfer(address to, uint256 amount) public {
        vm.assume(to != address(0) && to != owner);
        amount = bound(amount, 0, SUPPLY);
        vm.prank(owner);
        assertTrue(etro.transfer(to, amount), "transfer returns true");
        assertEq(etro.balanceOf(to), amount, "receiver balance");
        assertEq(etro.balanceOf(owner), SUPPLY - amount, "sender balance");
        assertEq(etro.totalSupply(), SUPPLY, "supply unchanged");
    }

    function test_TransferRevertsBeyondBalance() public {
        vm.prank(spender);
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, spender, 0, 1));
        // forge-lint: disable-next-line(erc20-unchecked-transfer)
        etro.transfer(owner, 1);
    }

    function test_TransferFromSpendsAllowance() public {
        vm.prank(owner);
        etro.approve(spender, 300e18);
        vm.prank(spender);
        assertTrue(etro.transferFrom(owner, spender, 120e18), "transferFrom returns true");
        assertEq(etro.allowance(owner, spender), 180e18, "allowance left");
        assertEq(etro.balanceOf(spender), 120e18, "spender received");
    }

    function test_DomainSeparatorUsesNameAndVersion1() public view {
        bytes32 expected = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("ETERNO"), keccak256("1"), block.chainid, address(etro))
        );
        assertEq(etro.DOMAIN_SEPARATOR(), expected, "domain separator");
    }

    function test_PermitSetsAllowanceAndBumpsNonce() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(ownerKey, spender, 500e18, 0, deadline);
        etro.permit(owner, spender, 500e18, deadline, v, r, s);
        assertEq(etro.allowance(owner, spender), 500e18, "allowance");
        assertEq(etro.nonces(owner), 1, "nonce");

        vm.prank(spender);
        assertTrue(etro.transferFrom(owner, spender, 500e18), "transferFrom returns true");
        assertEq(etro.balanceOf(spender), 500e18, "permit allowance is spendable");
    }

    function test_PermitRevertsWhenExpired() public {
        vm.warp(10_000);
        uint256 deadline = block.timestamp - 1;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(ownerKey, spender, 1e18, 0, deadline);
        vm.expectRevert(abi.encodeWithSelector(ERC20Permit.ERC2612ExpiredSignature.selector, deadline));
        etro.permit(owner, spender, 1e18, deadline, v, r, s);
    }

    function test_PermitRevertsForWrongSigner() public {
        uint256 deadline = block.timestamp + 1 hours;
        uint256 otherKey = 0xBAD;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(otherKey, spender, 1e18, 0, deadline);
        vm.expectRevert(
            abi.encodeWithSelector(ERC20Permit.ERC2612InvalidSigner.selector, vm.addr(otherKey), owner)
        );
        etro.permit(owner, spender, 1e18, deadline, v, r, s);
    }

    function test_PermitCannotBeReplayed() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(ownerKey, spender, 1e18, 0, deadline);
        etro.permit(owner, spender, 1e18, deadline, v, r, s);
        vm.expectRevert();
        etro.permit(owner, spender, 1e18, deadline, v, r, s);
    }

    /// @dev Signs a permit of `owner`'s tokens with `key` (the owner's key, or another one).
    function _signPermit(uint256 key, address to, uint256 value, uint256 nonce, uint256 deadline)
        private
        view
        returns (uint8, bytes32, bytes32)
    {
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, owner, to, value, nonce, deadline));
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", etro.DOMAIN_SEPARATOR(), structHash));
        return vm.sign(key, digest);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoToken} from "../../src/EternoToken.sol";
import {EternoVault} from "../../src/EternoVault.sol";
import {FeeOnTransferToken} from "./FeeOnTransferToken.sol";
import {VaultSigning} from "./VaultSigning.sol";

/// @notice A vault owned by the fixture (signer delay 2 days, pause maximum 7 days) with USDT, EUSD and a 1 %
///         fee-on-transfer token allowed (per tx 100,000, per day 1,000,000 vault-wide, 300,000 per user), a
///         200,000 reserve (and exchange budget) of each, and alice and bob funded and approved.
abstract contract VaultFixture is VaultSigning {
    uint256 internal constant SIGNER_KEY = 0x51_6e_e5;
    uint256 internal constant DELAY = 2 days;
    uint256 internal constant TX_CAP = 100_000e18;
    uint256 internal constant DAY_CAP = 1_000_000e18;
    uint256 internal constant USER_CAP = 300_000e18;
    uint256 internal constant MAX_PAUSE = 7 days;
    uint256 internal constant RESERVE = 200_000e18;
    /// @dev 2026-11-23 00:00:00 UTC: a UTC midnight, so day boundaries are easy to reach.
    uint256 internal constant MIDNIGHT = 1_795_392_000;

    EternoVault internal vault;
    EternoToken internal usdt;
    EternoToken internal eusd;
    FeeOnTransferToken internal feeToken;
    address internal signer;
    address internal alice = address(0xA11CE);
    address internal bob = address(0xB0B);

    function deployVault() internal {
        vm.warp(MIDNIGHT + 12 hours);
        signer = vm.addr(SIGNER_KEY);
        usdt = new EternoToken("Tether USD", "USDT", 1_000_000_000e18, address(this));
        eusd = new EternoToken("EUSD", "EUSD", 1_000_000_000e18, address(this));
        feeToken = new FeeOnTransferToken(100, 1_000_000_000e18, address(this));
        vault = new EternoVault(address(this), signer, DELAY, MAX_PAUSE);
        address[3] memory tokens = [address(usdt), address(eusd), address(feeToken)];
        address[2] memory users = [alice, bob];
        for (uint256 i = 0; i < tokens.length; i++) {
            EternoToken t = EternoToken(tokens[i]);
            vault.setToken(tokens[i], true, TX_CAP, DAY_CAP, USER_CAP);
            t.approve(address(vault), RESERVE);
            vault.fund(tokens[i], RESERVE);
            for (uint256 j = 0; j < users.length; j++) {
                require(t.transfer(users[j], 1_000_000e18), "give");
                vm.prank(users[j]);
                t.approve(address(vault), type(uint256).max);
            }
        }
    }

    function withdrawMsg(address user, address token, uint256 amount) internal view returns (WithdrawMsg memory) {
        return WithdrawMsg(user, token, amount, vault.nonces(user, 1), block.timestamp + 30 minutes);
    }

    function diveInMsg(address user, address token, uint256 amount) internal view returns (DiveInMsg memory) {
        return DiveInMsg(user, 0, 0, token, amount, vault.nonces(user, 0), block.timestamp + 30 minutes);
    }

    /// @dev A finance purchase authorisation (USDT): `custom` the package (1-99) or regular product (101-199) id,
    ///      `custom1` the registration type code (1 first, 2 repeat, 3 loop) or 0 for a regular order.
    function purchaseMsg(address user, uint256 custom, uint256 custom1, uint256 amount)
        internal
        view
        returns (DiveInMsg memory)
    {
        return DiveInMsg(
            user, custom, custom1, address(usdt), amount, vault.nonces(user, 0), block.timestamp + 30 minutes
        );
    }

    function exchangeMsg(address user, address tokenIn, uint256 amountIn, address tokenOut, uint256 amountOut)
        internal
        view
        returns (ExchangeMsg memory)
    {
        return ExchangeMsg(
            user, tokenIn, amountIn, tokenOut, amountOut, vault.nonces(user, 2), block.timestamp + 2 minutes
        );
    }

    /// @dev `m.user` withdraws with `sig`.
    function callWithdraw(WithdrawMsg memory m, Sig memory sig) internal {
        vm.prank(m.user);
        vault.withdraw(m.token, m.amount, m.deadline, sig.r, sig.s, sig.v);
    }

    function callDiveIn(DiveInMsg memory m, Sig memory sig) internal {
        vm.prank(m.user);
        vault.diveInWithToken(m.custom, m.custom1, m.token, m.amount, m.deadline, sig.r, sig.s, sig.v);
    }

    function callExchange(ExchangeMsg memory m, Sig memory sig) internal {
        vm.prank(m.user);
        vault.pureTransfer(m.amountIn, m.amountOut, m.tokenIn, m.tokenOut, m.deadline, sig.r, sig.s, sig.v);
    }

    /// @dev Raises `token`'s caps the only way a configured token's caps rise: a proposal, the signer delay, the
    ///      activation (the clock moves {DELAY} forward).
    function raiseCaps(address token, uint256 perTxCap, uint256 perDayCap, uint256 perUserDayCap) internal {
        vault.proposeTokenCaps(token, perTxCap, perDayCap, perUserDayCap);
        vm.warp(block.timestamp + DELAY);
        vault.activateTokenCaps(token);
    }

    /// @dev The address `sig` recovers to over `digest` (what {EternoVault.InvalidSigner} reports).
    function recoverOf(bytes32 digest, Sig memory sig) internal pure returns (address) {
        return ecrecover(digest, sig.v, sig.r, sig.s);
    }
}

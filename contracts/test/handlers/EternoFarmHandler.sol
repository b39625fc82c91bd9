// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoFarm} from "../../src/EternoFarm.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random deposits, harvests, withdrawals and emergency withdrawals by a few farmers in both
///         pools, the owner's allocation changes and recoveries of undistributed ETRO (some asking too
///         much), with blocks passing; records the ETRO the farmers received and the owner recovered.
contract EternoFarmHandler is Test {
    EternoFarm public immutable farm;
    IERC20 public immutable etro;
    address[] public farmers;

    address public immutable owner;
    address public constant TREASURY = address(0x7EA5);

    uint256 public ghostReceived;
    uint256 public ghostRecovered;
    uint256 public deposits;
    uint256 public recoveries;

    constructor(EternoFarm farm_, address[] memory farmers_) {
        farm = farm_;
        etro = farm_.ETRO();
        farmers = farmers_;
        owner = farm_.owner();
    }

    function farmerCount() external view returns (uint256) {
        return farmers.length;
    }

    function deposit(uint256 farmerSeed, uint256 pidSeed, uint256 amount) external {
        address farmer = farmers[farmerSeed % farmers.length];
        uint256 pid = pidSeed % farm.poolLength();
        (IERC20 lp,,,,) = farm.poolInfo(pid);
        amount = bound(amount, 0, lp.balanceOf(farmer));
        _paid(farmer, pid, true, amount);
        deposits++;
    }

    function withdraw(uint256 farmerSeed, uint256 pidSeed, uint256 amount) external {
        address farmer = farmers[farmerSeed % farmers.length];
        uint256 pid = pidSeed % farm.poolLength();
        (uint256 deposited,) = farm.userInfo(pid, farmer);
        _paid(farmer, pid, false, bound(amount, 0, deposited));
    }

    function emergencyWithdraw(uint256 farmerSeed, uint256 pidSeed) external {
        address farmer = farmers[farmerSeed % farmers.length];
        uint256 pid = pidSeed % farm.poolLength();
        uint256 before = etro.balanceOf(farmer);
        vm.prank(farmer);
        farm.emergencyWithdraw(pid);
        require(etro.balanceOf(farmer) == before, "emergency withdraw pays no reward");
    }

    /// @dev The owner recovers up to everything recoverableEtro() allows.
    function recover(uint256 amount) external {
        amount = bound(amount, 0, farm.recoverableEtro());
        uint256 before = etro.balanceOf(TREASURY);
        vm.prank(owner);
        farm.recoverUndistributed(TREASURY, amount);
        require(etro.balanceOf(TREASURY) - before == amount, "recovered what was asked");
        ghostRecovered += amount;
        if (amount != 0) recoveries++;
    }

    /// @dev The owner asks for more than recoverableEtro(): refused with the figures, nothing moves.
    function recoverTooMuch(uint256 excess) external {
        farm.massUpdatePools();
        uint256 available = farm.recoverableEtro();
        uint256 amount = available + bound(excess, 1, 1e24);
        uint256 held = etro.balanceOf(address(farm));
        vm.prank(owner);
        try farm.recoverUndistributed(TREASURY, amount) {
            revert("recovered more than recoverable");
        } catch (bytes memory reason) {
            require(
                keccak256(reason)
                    == keccak256(
                        abi.encodeWithSelector(EternoFarm.RecoverExceedsUndistributed.selector, amount, available)
                    ),
                "refused with the figures"
            );
        }
        require(etro.balanceOf(address(farm)) == held, "nothing moved");
    }

    /// @dev The owner changes a pool's allocation (0 included: the pool stops earning).
    function setAllocation(uint256 pidSeed, uint256 allocPoint) external {
        uint256 pid = pidSeed % farm.poolLength();
        allocPoint = bound(allocPoint, 0, 100);
        vm.prank(owner);
        farm.set(pid, allocPoint);
    }

    function roll(uint256 blocks) external {
        vm.roll(block.number + bound(blocks, 1, 400));
    }

    /// @dev Deposits or withdraws `amount` (0 harvests) and checks the payout is the pending figure.
    function _paid(address farmer, uint256 pid, bool isDeposit, uint256 amount) private {
        uint256 pending = farm.pendingEtro(pid, farmer);
        uint256 before = etro.balanceOf(farmer);
        vm.prank(farmer);
        if (isDeposit) farm.deposit(pid, amount);
        else farm.withdraw(pid, amount);
        uint256 received = etro.balanceOf(farmer) - before;
        require(received == pending, "paid the pending figure");
        ghostReceived += received;
    }
}
